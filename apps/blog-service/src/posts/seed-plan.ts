import type { SeedPost } from './post-file';

export interface StoredPostState {
  slug: string;
  contentHash?: string;
}

export interface SeedPlan {
  insert: SeedPost[];
  update: SeedPost[];
  unchanged: string[];
  /** Slugs stored but no longer in the repository. */
  remove: string[];
}

/**
 * What seeding must do to make the stored posts equal the repository's: the repository is the only
 * source of posts, so a post removed from it is removed from the database too. Pure.
 */
export function planSeed(files: SeedPost[], stored: StoredPostState[]): SeedPlan {
  const slugs = new Set<string>();
  for (const post of files) {
    if (slugs.has(post.slug)) throw new Error(`two post files have the slug ${post.slug}`);
    slugs.add(post.slug);
  }
  const storedBySlug = new Map(stored.map((s) => [s.slug, s]));
  const plan: SeedPlan = { insert: [], update: [], unchanged: [], remove: [] };
  for (const post of files) {
    const current = storedBySlug.get(post.slug);
    if (!current) plan.insert.push(post);
    else if (current.contentHash !== post.contentHash) plan.update.push(post);
    else plan.unchanged.push(post.slug);
  }
  plan.remove = stored.map((s) => s.slug).filter((slug) => !slugs.has(slug));
  return plan;
}
