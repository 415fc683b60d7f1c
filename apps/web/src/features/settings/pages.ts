/** The Settings screen, its own chunk. */
export { SettingsPage } from './components/settings-page';
