import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** docs/product.md#landing-login-and-sign-up: copyright, Terms and Conditions, Privacy Policy. */
export function SiteFooter() {
  return (
    <footer className="footer site-footer">
      <p>© {new Date().getFullYear()} Fluent. All rights reserved.</p>
      <nav aria-label="Legal">
        <Link to={paths.terms}>Terms and Conditions</Link>
        <Link to={paths.privacy}>Privacy Policy</Link>
      </nav>
    </footer>
  );
}
