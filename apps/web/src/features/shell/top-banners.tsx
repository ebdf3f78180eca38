import type { Banner } from '../../lib/banners.tsx';

/**
 * The top banner area (docs/product.md#app-shell). Always rendered, so screen readers hear banners that
 * appear later; each banner has a fixed height so the page's top padding follows the count. A
 * reserved slot (lib/banners.tsx) holds the place of a banner still loading, in its tone and under
 * its key, so the banner fills the same element.
 */
export function TopBanners({ banners }: { banners: readonly Banner[] }) {
  return (
    <section className="banners" aria-label="Notices" aria-live="polite">
      {banners.map((banner) => (
        <div
          key={banner.id}
          className={`banner banner--${banner.tone}`}
          data-banner={banner.reserved ? undefined : banner.id}
          data-banner-slot={banner.reserved ? banner.id : undefined}
        >
          {banner.content}
        </div>
      ))}
    </section>
  );
}
