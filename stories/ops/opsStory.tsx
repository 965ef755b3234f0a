import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { makeOpsStore } from '../../src/ops/store';

/**
 * The back office's stories: a fresh console store for every story (its own API slice, as in
 * src/ops/OpsApp.tsx), inside the preview's router and theme. Handlers come from stories/mocks/ops.ts.
 */
function OpsStore({ children }: { children: React.ReactNode }) {
  const [store] = useState(makeOpsStore);
  return <Provider store={store}>{children}</Provider>;
}

export const opsFrame: Decorator = (Story, context) => (
  <OpsStore key={context.id}>
    <Story />
  </OpsStore>
);
