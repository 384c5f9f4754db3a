/** The API's own paths (`/api`, `/api/…`, with or without a query): never a file of the web build. */
export const isApiUrl = (url: string): boolean => url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
