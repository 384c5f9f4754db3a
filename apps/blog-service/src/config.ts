import { baseConfigSchema, databaseConfigSchema, loadConfig } from '@fluent/server-kit';

export const SERVICE_NAME = 'blog-service' as const;
export const config = loadConfig(baseConfigSchema.extend(databaseConfigSchema.shape));
