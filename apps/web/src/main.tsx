import { evaluateInTurn, nextTask } from './lib/evaluate-in-turn';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The page names every script of its first screen: run them a file per task
// (lib/evaluate-in-turn.ts), then draw. The entry itself holds nothing else, so
// none of that work happens in the task that runs it.
await evaluateInTurn();
const { startApp } = await import('./start');
await nextTask();
await startApp(root, window.location.pathname);
