import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

const LINKS = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.blog, label: 'Blog', end: false },
  { to: paths.about, label: 'About Us', end: false },
  { to: paths.contact, label: 'Contact Us', end: false },
] as const;

/**
 * The public top bar (docs/product.md#landing-login-and-sign-up: Home, Blog, About Us, Contact Us). On small screens the links
 * fold behind a Menu button (a disclosure: aria-expanded, Escape closes it and returns focus),
 * and the menu closes whenever the page changes.
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="top-bar site-header">
      <Link to={paths.home} className="brand">
        Fluent
      </Link>
      <nav aria-label="Main" className="site-nav">
        <button
          ref={button}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="menu-icon" aria-hidden="true" />
          Menu
        </button>
        <ul id={menuId} className={open ? 'nav-links open' : 'nav-links'}>
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
