import { Route, type RouteObject } from 'react-router-dom';

/** An area's route description (src/features/<area>/routes.tsx) as a <Route>. */
export function toRoute(route: RouteObject) {
  return <Route key={route.path} path={route.path} element={route.element} Component={route.Component} />;
}
