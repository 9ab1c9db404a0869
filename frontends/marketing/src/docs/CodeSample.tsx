import { ActionIcon, Box, Code, CopyButton, Tooltip } from '@mantine/core';

/** A block of code with a copy button. */
export function CodeSample({ code, label }: { code: string; label: string }) {
  return (
    <Box pos="relative">
      <Code block fz="sm" pr={48} aria-label={label}>
        {code}
      </Code>
      <CopyButton value={code} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow position="left">
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={`Copy ${label}`}
              pos="absolute"
              top={8}
              right={8}
            >
              {copied ? '✓' : '⧉'}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Box>
  );
}
