import { Link, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';

export function RootLayout() {
  return (
    <div className="page">
      <header className="top-bar">
        <Link to={paths.home} className="brand">
          Fluent
        </Link>
        <nav aria-label="Main">
          <Link to={paths.home}>Home</Link>
          <Link to={paths.blog}>Blog</Link>
          <Link to={paths.about}>About Us</Link>
          <Link to={paths.contact}>Contact Us</Link>
        </nav>
      </header>
      <main className="content">
        <Outlet />
      </main>
      <footer className="footer">
        <span>© {new Date().getFullYear()} Fluent. All rights reserved.</span>
        <Link to={paths.terms}>Terms and Conditions</Link>
        <Link to={paths.privacy}>Privacy Policy</Link>
      </footer>
    </div>
  );
}
