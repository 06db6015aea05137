import { commonMessages } from '@colete/contract';
import { Component, type ReactNode } from 'react';
import { ErrorState } from '../components/error-state';

/**
 * A page that fails while drawing (or whose code cannot be downloaded after a new release) shows
 * the catalogue's error with a reload, instead of a blank page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (this.state.failed) return <ErrorState fullPage message={commonMessages.serverError} onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}
