import { describe, expect, it } from 'vitest';
import { isSitePagePath, SITE_PAGE_PATHS } from '@fluent/contracts';
import { paths } from './paths';

// Page views are counted only for the site's pages as libs/contracts lists them (site-pages.ts):
// a route of the router that is missing there would never be counted.
describe("the router's paths and the contracts' list of site pages", () => {
  it('name the same pages', () => {
    const routes = Object.values(paths).filter((path): path is Extract<(typeof paths)[keyof typeof paths], string> => typeof path === 'string' && !path.includes(':'));
    expect([...routes].sort()).toEqual([...SITE_PAGE_PATHS].sort());
  });

  it("count a blog post's address as a page", () => {
    expect(isSitePagePath(paths.blogPost('how-the-timer-works'))).toBe(true);
  });
});
