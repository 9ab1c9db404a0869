import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { CheckIcon, CopyIcon } from '@fxrates/web-kit';
import classes from './code-sample.module.css';

/**
 * A block of code with a copy button (`maxHeight`: taller code scrolls inside it). The button sits in a bar above the code, never over it; a
 * line too long for the screen wraps (long URLs break anywhere), so nothing hides past the edge.
 */
export function CodeSample({ code, label, maxHeight }: { code: string; label: string; maxHeight?: number }) {
  return (
    <div className={classes.sample}>
      <Group justify="flex-end" className={classes.bar}>
        <CopyButton value={code} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow position="left">
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`Copy ${label}`}
              >
                {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Code
        block
        fz="sm"
        aria-label={label}
        className={classes.code}
        // A long block scrolls within its own box: nothing of it lies under what follows.
        style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}
        // Scrolled with the keyboard too.
        tabIndex={maxHeight ? 0 : undefined}
      >
        {code}
      </Code>
    </div>
  );
}
