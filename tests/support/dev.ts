/**
 * `npm run dev`: serves the demo site (ports from DEMO_PORT, default 4780), then runs `wxt` in dev
 * mode, which builds with hot reload and opens Chromium with the extension and the demo's index.
 */
import { spawn } from 'node:child_process';
import { DEFAULT_DEMO_PORT, startDemoSite } from './demo-site';

async function main(): Promise<void> {
  const basePort = Number(process.env.DEMO_PORT ?? DEFAULT_DEMO_PORT);
  const demo = await startDemoSite({ basePort });
  console.log(`Demo site: ${demo.hubOrigin}/ (the browser opens it)`);
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    console.log(
      'No display: Chromium runs headless; inspect it from another Chromium at chrome://inspect (localhost:9222).',
    );
  }
  const wxt = spawn('npx', ['wxt', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ROBOTSCOPE_START_URL: `${demo.hubOrigin}/` },
  });
  const stop = () => wxt.kill('SIGINT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  wxt.on('exit', (code) => void demo.close().then(() => process.exit(code ?? 0)));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error('Is the demo already running? Set DEMO_PORT to use other ports.');
  process.exit(1);
});
