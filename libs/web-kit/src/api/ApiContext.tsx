import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { AnonymousSession } from '../session/anonymous-session';
import { ApiClient } from './api-client';

export interface ApiContextValue {
  client: ApiClient;
  /** Anonymous session used by the landing converter. */
  session: AnonymousSession;
}

const ApiContext = createContext<ApiContextValue | null>(null);

/** Creates the page's single API client for the given base URL. */
export function ApiProvider({ baseUrl, children }: { baseUrl: string; children: ReactNode }) {
  const value = useMemo<ApiContextValue>(() => {
    const client = new ApiClient({ baseUrl });
    return { client, session: new AnonymousSession(client) };
  }, [baseUrl]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi must be used within an ApiProvider');
  return value;
}
