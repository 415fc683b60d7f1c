import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Port 4200 is what the API's CORS default and the browser journeys expect. Binding to 127.0.0.1 explicitly
// avoids Node resolving "localhost" to ::1 only, which would make http://127.0.0.1:4200 unreachable.
// API_PROXY_TARGET (with VITE_API_URL=/api) serves the API under /api on the app's own origin, as the nginx image
// does in production: the white-label journey opens the app on hosts the API's CORS list cannot know in advance.
const apiProxyTarget = process.env['API_PROXY_TARGET'];
const proxy = apiProxyTarget
  ? { '/api': { target: apiProxyTarget, rewrite: (path: string) => path.replace(/^\/api/, '') } }
  : undefined;
const server = { port: 4200, strictPort: true, host: '127.0.0.1', proxy };

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
            // Only the admin add forms and Settings use them: loaded with those screens, not on first paint.
            { name: 'forms', test: /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
