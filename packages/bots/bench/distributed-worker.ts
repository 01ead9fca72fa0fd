/** One benchmark worker process: serves the queue with one game at a time until SIGTERM. */
import { startTournamentWorker } from '../src/index.js';

const url = process.argv[2] ?? 'redis://127.0.0.1:6379';
const worker = await startTournamentWorker({ connection: url, concurrency: 1 });
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void worker.close().then(() => process.exit(0));
});
