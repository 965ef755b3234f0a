export { centredPanel, column, spreadRow } from './stack';
export type { SpaceStep } from './stack';
