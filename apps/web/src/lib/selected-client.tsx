import type { TClientSummary } from '@colete/contract';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * The client an admin acts for. Admin-aware pages read it and pass selectedClient to the
 * server; for a client it is always null (they act for themselves).
 */
type SelectedClientState = { client: TClientSummary | null; setClient: (c: TClientSummary | null) => void };

const SelectedClientContext = createContext<SelectedClientState>({ client: null, setClient: () => undefined });
const STORAGE_KEY = 'co.selectedClient';

function readStored(): TClientSummary | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as TClientSummary) : null;
  } catch {
    return null;
  }
}

export function SelectedClientProvider({ children }: { children: ReactNode }) {
  const [client, setClientState] = useState<TClientSummary | null>(readStored);
  const value = useMemo<SelectedClientState>(
    () => ({
      client,
      setClient: (c) => {
        setClientState(c);
        if (c) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(c));
        else sessionStorage.removeItem(STORAGE_KEY);
      },
    }),
    [client],
  );
  return <SelectedClientContext.Provider value={value}>{children}</SelectedClientContext.Provider>;
}

export const useSelectedClient = () => useContext(SelectedClientContext);

/** The query parameters an admin-aware call adds: selectedClient when an admin picked one. */
export function useActingParams(): { selectedClient?: number } {
  const { client } = useSelectedClient();
  return client ? { selectedClient: client.id } : {};
}
