// The page for an address the site does not have (404.html): says so and leads back to the
// catalogue. Static hosts serve it for any unknown address, at that address, so its links are
// root-relative (put under the base like every page's) rather than relative.
import { renderLayout } from './layout.mjs';

export function renderNotFoundPage() {
  const main = `      <div class="not-found">
        <h1>This page is not part of the course</h1>
        <p>The address may be mistyped, or the lesson may have moved.</p>
        <p><a href="/">See all modules and lessons</a></p>
      </div>`;
  return renderLayout({
    title: 'Page not found',
    description: 'This address is not a page of the course.',
    main,
  });
}
