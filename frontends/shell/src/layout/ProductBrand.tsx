import { Group } from '@mantine/core';
import { LogoMark, useRuntimeConfig } from '@fxrates/web-kit';
import { Link } from 'react-router';
import classes from './layout.module.css';

/** The product name, linking to home. */
export function ProductBrand({ onNavigate, onDark = false }: { onNavigate?: () => void; onDark?: boolean }) {
  const { productName } = useRuntimeConfig();
  return (
    <Link
      to="/"
      className={classes.brand}
      onClick={onNavigate}
      style={onDark ? { color: 'white' } : undefined}
    >
      <Group gap={10} wrap="nowrap">
        <LogoMark />
        <span>{productName}</span>
      </Group>
    </Link>
  );
}
