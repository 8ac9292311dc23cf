import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

interface RichTextFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  /** the HTML to start from (controlled `value` or the uncontrolled form's `defaultValue`) */
  value?: string;
  defaultValue?: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
  minHeight?: number;
}

/**
 * The back office's one rich-text editor (docs/decisions/content-publishing.md): Mantine's Tiptap editor with the
 * markup the server keeps (`platform/rich-text.ts`: headings, paragraphs, bold/italic/underline/strike, lists, quotes,
 * links, rules). Works with `@mantine/form`: spread `form.getInputProps('field')`. The editor holds its own state once
 * mounted: give it a `key` to start again from new content. Agents see the stored text through `SafeHtml`.
 */
export function RichTextField({
  label,
  description,
  required,
  value,
  defaultValue,
  onChange,
  error,
  minHeight = 180,
}: RichTextFieldProps) {
  const id = useId();
  const editor = useEditor({
    shouldRerenderOnTransaction: true,
    immediatelyRender: true,
    extensions: [StarterKit.configure({ link: false, code: false, codeBlock: false }), Link],
    content: value ?? defaultValue ?? '',
    editorProps: {
      attributes: {
        'aria-labelledby': `${id}-label`,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelProps={{ id: `${id}-label` }}
      description={description}
      required={required}
      error={error}
      errorProps={{ id: `${id}-error` }}
    >
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={minHeight} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
