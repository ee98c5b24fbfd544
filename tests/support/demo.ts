/** `npm run demo`: serves the demo site on fixed ports (DEMO_PORT, default 4780) until Ctrl-C. */
import { DEFAULT_DEMO_PORT, SITE_NAMES, startDemoSite } from './demo-site';

async function main(): Promise<void> {
  const basePort = Number(process.env.DEMO_PORT ?? DEFAULT_DEMO_PORT);
  const demo = await startDemoSite({ basePort });
  console.log(`Robotscope demo site: ${demo.hubOrigin}/`);
  for (const name of SITE_NAMES)
    console.log(`  ${name.padEnd(16)} ${demo.sites[name].origin}  ${demo.sites[name].title}`);
  const stop = () => void demo.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error('Is another demo already running? Set DEMO_PORT to use other ports.');
  process.exit(1);
});
