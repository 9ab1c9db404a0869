import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RemoteErrorBoundaryProps {
  /** Renders the error panel; `reset` clears the error and re-renders the children. */
  fallback: (error: Error, reset: () => void) => ReactNode;
  children: ReactNode;
}

interface RemoteErrorBoundaryState {
  error: Error | null;
}

/**
 * Catches errors thrown while a remote renders, so one failing area never blanks the page.
 * (React offers error boundaries only as class components.)
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  override state: RemoteErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): RemoteErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A remote application failed while rendering', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ error: null });

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
