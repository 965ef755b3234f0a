/**
 * How the product schedules its rendering: set once by src/main.tsx before the first render, never
 * changed afterwards. The workbench and the tests keep the defaults (answers rendered at once by
 * react-redux, everything rendered wherever it is), so a story's play sees an answer in the next frame
 * and every part of the screen it renders.
 */
export const renderMode = {
  /** RTK Query's readers re-render as transitions, in slices (src/api/transitionSelector.ts). */
  answersAsTransitions: false,
  /** Parts of a screen far below the window, or not displayed at its width, render when they come near (src/lib/RenderWhenNear.tsx). */
  offscreenWhenNear: false,
};
