import type { RouteModule } from '../../lib/routeModules';
import { operatorRoutes } from './operator';
import { accessRequestRoutes } from './requests';

/** Campaign access requests and the operator API that decides them; registered by server/lib/routeModules.ts. */
export const routeModule: RouteModule = { api: [accessRequestRoutes, operatorRoutes] };
