import { ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SafeHtml } from './safe-html.tsx';

/** What the login layout, the title and the two buttons leave of the screen's height for the terms text. */
const TERMS_TEXT_MAX_HEIGHT = 'max(160px, calc(100dvh - 440px))';

/**
 * What the terms gate shows: the title, the line above the text, the text itself and the buttons (`children`).
 * The gate page and the back office's preview of a terms version both draw it, so the preview is the gate.
 */
export function TermsGateView({ html, children }: { html: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h3">
          Terms of Service
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          Please read the terms. You can use the Agent Resource Center once you agree to them.
        </Text>
      </div>
      <ScrollArea.Autosize
        // the whole card (logo, title, text, I AGREE, Log Out) fits the screen: 1280×800 and a 390 px phone
        mah={TERMS_TEXT_MAX_HEIGHT}
        type="auto"
        offsetScrollbars
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Terms of Service text' }}
      >
        <SafeHtml html={html} fz="sm" />
      </ScrollArea.Autosize>
      {children}
    </Stack>
  );
}
