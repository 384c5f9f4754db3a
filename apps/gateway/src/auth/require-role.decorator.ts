import { SetMetadata } from '@nestjs/common';

export const REQUIRED_ROLE = 'fluent:requiredRole';

/**
 * Marks a route that needs a Keycloak realm role besides a valid access token (RoleGuard checks
 * the role in the verified token). Roles are given to people in Keycloak, never by the app.
 */
export const RequireRole = (role: string) => SetMetadata(REQUIRED_ROLE, role);
