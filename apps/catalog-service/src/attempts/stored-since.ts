import { Types } from 'mongoose';

/**
 * The `_id` filter of the documents stored on or after a day (YYYY-MM-DD, UTC): an ObjectId starts
 * with its creation time, so this reads the primary index, no scan. The replay commands' --since.
 */
export const storedSinceFilter = (day: string) => ({ _id: { $gte: Types.ObjectId.createFromTime(Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000)) } });
