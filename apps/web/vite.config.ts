import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import { isMockControlsBuild } from './src/config/mock-controls.ts';

// Port 4200 is what the API's CORS default and the browser journeys expect. Binding to 127.0.0.1 explicitly
// avoids Node resolving "localhost" to ::1 only, which would make http://127.0.0.1:4200 unreachable.
// API_PROXY_TARGET (with VITE_API_URL=/api) serves the API under /api on the app's own origin, as the nginx image
// does in production: the white-label journey opens the app on hosts the API's CORS list cannot know in advance.
const apiProxyTarget = process.env['API_PROXY_TARGET'];
const proxy = apiProxyTarget
  ? { '/api': { target: apiProxyTarget, rewrite: (path: string) => path.replace(/^\/api/, '') } }
  : undefined;
const server = { port: 4200, strictPort: true, host: '127.0.0.1', proxy };

// react-router 7's package exports name only its development build (warnings, unminified checks): about 30 KB of
// gzipped JavaScript more in every page (remix-run/react-router#12532, #14102). Production builds take the
// production files it ships beside them.
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const productionReactRouter = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'production', 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'production', 'dom-export.mjs') },
];

// The brand hosts are read by the API and the web from the same variables (AI_BRAND_HOSTS, SECOND_BRAND_HOSTS; the
// defaults live in the contract), so one setting moves both; VITE_ stays for the web's other settings.
const envPrefix = ['VITE_', 'AI_BRAND_HOSTS', 'SECOND_BRAND_HOSTS'];

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss()],
  envPrefix,
  // A literal, so a build without the mock mode drops the dev panel's import (main.tsx) and so all of its code.
  define: {
    'import.meta.env.MOCK_CONTROLS': JSON.stringify(String(isMockControlsBuild(mode, process.env['MOCK_CONTROLS']))),
  },
  resolve: { alias: command === 'build' ? productionReactRouter : [] },
  server,
  preview: server,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: their own chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            // Loaded only once a link is generated (deep-links/lib/qr-svg.ts imports it lazily).
            { name: 'qrcode', test: /[\\/]node_modules[\\/]qrcode-generator[\\/]/ },
            // Every form, the sign-in page's included (its first load; tools/scripts/web-size checks the budget).
            { name: 'forms', test: /[\\/]node_modules[\\/]react-hook-form[\\/]/ },
            // zodResolver comes with the contract's schemas (zod), after the first paint: the sign-in page loads it
            // with its session layer (features/auth/api/auth-requests.ts).
            { name: 'form-resolvers', test: /[\\/]node_modules[\\/]@hookform[\\/]/ },
            // date-fns is for the report, feed and extension screens, not the sign-in page.
            { name: 'dates', test: /[\\/]node_modules[\\/]date-fns[\\/]/ },
            // The dashboard's CSV export only (the upload worker bundles its own copy): never on the sign-in page.
            { name: 'papaparse', test: /[\\/]node_modules[\\/]papaparse[\\/]/ },
            // zod and the ts-rest client come with the session layer and the screens, after the first paint: the
            // sign-in page does not load them until the visitor starts on its form (tools/scripts/web-size).
            // Headless UI and the libraries under it stay out of vendor (which the sign-in page loads) and out of any
            // one group: split by their importers, the dialog's part (~17 KB gzipped) comes with the signed-in shell
            // and the combobox's (floating-ui, react-aria, virtual lists) only with the screens that use it.
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](?!zod[\\/]|@ts-rest[\\/]|@headlessui[\\/]|@floating-ui[\\/]|@react-aria[\\/]|react-aria[\\/]|@react-stately[\\/]|react-stately[\\/]|@internationalized[\\/]|@swc[\\/]helpers[\\/]|tabbable[\\/]|use-sync-external-store[\\/]|@tanstack[\\/](?:react-virtual|virtual-core)[\\/])/,
            },
            { name: 'contract-client', test: /[\\/]node_modules[\\/](zod|@ts-rest)[\\/]/ },
          ],
        },
      },
    },
  },
}));
