import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

export interface PageMeta {
  /** The page's own title; the site name is added (none on the home page). */
  title: string;
  description: string;
}

export const SITE_NAME = 'Fluent';
export const HOME_TITLE = 'Fluent — English writing and typing practice';

/** What a route declares in its `handle` for its document title and meta description. */
export interface RouteHandle {
  meta?: PageMeta;
}

export function documentTitle(title: string): string {
  return title === HOME_TITLE ? title : `${title} | ${SITE_NAME}`;
}

/** Sets the document title and the meta description (index.html holds the one meta tag). */
export function applyPageMeta(meta: PageMeta, doc: Document = document): void {
  doc.title = documentTitle(meta.title);
  let tag = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = doc.createElement('meta');
    tag.name = 'description';
    doc.head.append(tag);
  }
  tag.content = meta.description;
}

/** For pages whose title depends on data (a blog post): sets it whenever it changes. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description } = meta;
  useEffect(() => applyPageMeta({ title, description }), [title, description]);
}

/**
 * Applies the deepest matching route's `handle.meta`. Routes without one (a blog post) set their
 * own with usePageMeta.
 */
export function useRouteMeta(): void {
  const matches = useMatches();
  const meta = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.meta)?.handle as RouteHandle | undefined;
  const title = meta?.meta?.title;
  const description = meta?.meta?.description;
  useEffect(() => {
    if (title && description) applyPageMeta({ title, description });
  }, [title, description]);
}
