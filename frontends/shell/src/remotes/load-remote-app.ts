import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@fxrates/web-kit';
import type { ComponentType } from 'react';
import { registeredEntry } from './register-remotes';
import { assertCompatibleRemote } from './shared-compatibility';

interface RemoteAppModule {
  default: ComponentType;
}

/** Loads the component a remote exposes as `./App`, once its shared singletons are known to match the shell's. */
export async function loadRemoteApp(name: RemoteName): Promise<ComponentType> {
  const entry = registeredEntry(name);
  if (entry) await assertCompatibleRemote(name, entry, __FXRATES_SHARED_SINGLETONS__);
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`The ${name} application did not provide a component`);
  }
  return module.default;
}
