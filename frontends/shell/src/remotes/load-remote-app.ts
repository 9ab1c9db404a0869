import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@fxrates/web-kit';
import type { ComponentType } from 'react';

interface RemoteAppModule {
  default: ComponentType;
}

/** Loads the component a remote exposes as `./App`. */
export async function loadRemoteApp(name: RemoteName): Promise<ComponentType> {
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`The ${name} application did not provide a component`);
  }
  return module.default;
}
