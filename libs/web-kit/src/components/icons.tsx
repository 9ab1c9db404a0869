import IconAlertCircle from '@tabler/icons-react/icons/IconAlertCircle';
import IconArrowsUpDown from '@tabler/icons-react/icons/IconArrowsUpDown';
import IconCheck from '@tabler/icons-react/icons/IconCheck';
import IconCopy from '@tabler/icons-react/icons/IconCopy';
import IconInfoCircle from '@tabler/icons-react/icons/IconInfoCircle';
import IconRefresh from '@tabler/icons-react/icons/IconRefresh';
import type { ComponentProps } from 'react';

// Button and status icons come from Tabler Icons (the set Mantine recommends), one module per icon
// so that a bundle holds only the icons it uses. The product mark below is our own.

type TablerIcon = typeof IconCopy;
export type IconProps = ComponentProps<TablerIcon>;

/** A Tabler icon at 18 px, hidden from assistive technology: the button or text around it names it. */
function decorative(Icon: TablerIcon) {
  function DecorativeIcon(props: IconProps) {
    return <Icon size={18} aria-hidden="true" focusable="false" {...props} />;
  }
  DecorativeIcon.displayName = Icon.displayName;
  return DecorativeIcon;
}

/** Two opposed arrows: swapping the two sides of a pair. */
export const SwapIcon = decorative(IconArrowsUpDown);
export const AlertIcon = decorative(IconAlertCircle);
export const RetryIcon = decorative(IconRefresh);
export const InfoIcon = decorative(IconInfoCircle);
export const CopyIcon = decorative(IconCopy);
export const CheckIcon = decorative(IconCheck);

/** The product mark: a stylised exchange arrow in a rounded square. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-7)" />
      <path
        d="M9 12h13l-3.5-3.5M23 20H10l3.5 3.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
