/**
 * How the product renders what arrives without a user's action (an API answer, a timer): set once by
 * src/main.tsx before the first render, never changed afterwards. The workbench and the tests keep the
 * default, react-redux's synchronous rendering, so a story's play sees an answer in the next frame.
 */
export const renderMode = {
  /** RTK Query's readers re-render as transitions, in slices (src/api/transitionSelector.ts). */
  answersAsTransitions: false,
  /** Parts of a screen far below the window, or not displayed at its width, render when they come near (src/lib/RenderWhenNear.tsx). */
  offscreenWhenNear: false,
};
