import type { OptionsObject, SnackbarMessage } from 'notistack';
import { createContext, useContext } from 'react';

export type EnqueueSnackbar = (message: SnackbarMessage, options?: OptionsObject) => void;

/** Provided by the app's SnackbarHost, which loads notistack with the first message. */
export const SnackbarContext = createContext<{ enqueueSnackbar: EnqueueSnackbar }>({ enqueueSnackbar: () => undefined });

/**
 * notistack's useSnackbar for the app's pages: the same enqueueSnackbar(message, options), while
 * notistack itself stays out of the first load (import this, never 'notistack', in a page).
 */
export const useSnackbar = () => useContext(SnackbarContext);
