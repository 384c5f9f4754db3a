import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'fluent:isPublic';

/** Marks a route that needs no access token; every other route does. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
