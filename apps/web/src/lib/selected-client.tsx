import type { TClientSummary } from '@colete/contract';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { setActingClient, type ActingClientId } from './api-client';

/**
 * The client an admin acts for (for a client always null: they act for themselves). The choice is
 * mirrored into the api client, which adds selectedClient to every client-scoped call; pages only
 * read it for their query keys (useActingClientId), so a switch never shows another client's cache.
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
  const [client, setClientState] = useState<TClientSummary | null>(() => {
    const stored = readStored();
    setActingClient(stored?.id ?? null);
    return stored;
  });
  const value = useMemo<SelectedClientState>(
    () => ({
      client,
      setClient: (c) => {
        // The api client first: the queries the new keys start must already carry the new client.
        setActingClient(c?.id ?? null);
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

/** The acting client's id for query keys (null: the signed-in user). */
export const useActingClientId = (): ActingClientId => useSelectedClient().client?.id ?? null;
