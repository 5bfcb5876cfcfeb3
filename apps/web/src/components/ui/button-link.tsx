import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import './button-link.css';

// Navigation styled as a PrimeReact button: a real link (middle-click, "open in new tab", the
// browser's own download), not a button that navigates in script.

interface ButtonLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An in-app path (React Router) or, with `external`, any address such as an API download. */
  to: string;
  external?: boolean;
  icon?: string;
  label?: string;
  variant?: 'primary' | 'outlined' | 'text';
}

export function ButtonLink({
  to,
  external,
  icon,
  label,
  variant = 'primary',
  className,
  ...rest
}: ButtonLinkProps) {
  const classes = [
    'p-button p-component button-link',
    variant === 'outlined' && 'p-button-outlined',
    variant === 'text' && 'p-button-text',
    !label && 'p-button-icon-only',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      {icon && (
        <span className={`p-button-icon ${label ? 'p-button-icon-left' : ''} ${icon}`} aria-hidden="true" />
      )}
      {label && <span className="p-button-label">{label}</span>}
    </>
  );
  return external ? (
    <a href={to} className={classes} {...rest}>
      {content}
    </a>
  ) : (
    <Link to={to} className={classes} {...rest}>
      {content}
    </Link>
  );
}
