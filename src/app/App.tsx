import { SessionGate } from './SessionGate';

export function App() {
  return <SessionGate />;
}
