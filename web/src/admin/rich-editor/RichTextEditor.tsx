import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { isAllowedLink } from '../../../../common/console/rich-links';
import { RichTextToolbar } from './RichTextToolbar';

/**
 * The console's editor of article bodies (news, pages, exhibitions), a form control: `value` is HTML in,
 * `onChange` HTML out ('' when empty). It makes only what the server's sanitiser keeps: headings h2-h4,
 * bold, italic, lists, quotes, http(s)/mailto links and images of the site's media library. Stored HTML
 * opens in it as it is; anything the editor does not know is dropped when that body is next saved.
 * Loaded on demand (React.lazy in LocaleTexts), so neither TipTap nor ProseMirror enters other bundles.
 */
export default function RichTextEditor({ id, value, onChange, label }: { id?: string; value?: string; onChange?: (html: string) => void; label: string }) {
  // The HTML this editor last reported: a value arriving from outside (the form loading an item) is anything else.
  const emitted = useRef<string | undefined>(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, codeBlock: false, code: false, link: false }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => isAllowedLink(url),
        // No target: a link in an article opens like any other link of the site.
        HTMLAttributes: { target: null, rel: null },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: { ...(id ? { id } : {}), role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'rich-editor-content rich-text' },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChange?.(html);
    },
  });

  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;
  return (
    <div className="rich-editor">
      <RichTextToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
