// Standalone development entry: the shell mounts ./App itself and never runs this file.
import { mountStandalone } from '@fxrates/web-kit';
import App from './App';

mountStandalone('billing', App);
