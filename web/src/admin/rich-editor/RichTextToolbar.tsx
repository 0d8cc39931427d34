import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Editor, useEditorState } from '@tiptap/react';
import { Button, Divider, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import type { LibraryImage } from '../../../../common/console/uploads';
import { LinkDialog } from './LinkDialog';
import { MediaLibraryPicker } from './MediaLibraryPicker';

/** antd has no quotation-mark icon; this one is drawn like its outlined set. */
function QuoteIcon() {
  return (
    <span className="anticon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor">
        <path d="M9.6 6C6.5 7.4 4.5 10.3 4.5 13.9V18h6v-6H7.6c.2-2.2 1.5-3.9 3.5-4.8L9.6 6Zm9 0c-3.1 1.4-5.1 4.3-5.1 7.9V18h6v-6h-2.9c.2-2.2 1.5-3.9 3.5-4.8L18.6 6Z" />
      </svg>
    </span>
  );
}

function ToolButton({ label, icon, active, disabled, onClick }: { label: string; icon: ReactNode; active?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        className={active ? 'rich-editor-tool is-active' : 'rich-editor-tool'}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        icon={icon}
        // Keeps the text's selection: a click on the toolbar must act on what the organiser selected.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** The formatting toolbar: one labelled button per action, pressed while the selection has that format. */
export function RichTextToolbar({ editor }: { editor: Editor }) {
  const intl = useIntl();
  const f = (id: string) => intl.formatMessage({ id });
  const [linkOpen, setLinkOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: String(e.getAttributes('link').href ?? ''),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const heading = (level: 2 | 3 | 4) => (
    <ToolButton
      key={level}
      // The name holds the visible "H2" too, so voice control finds the button by what it shows.
      label={`${f(`console.editor.h${level}`)} H${level}`}
      icon={<span className="rich-editor-glyph">{`H${level}`}</span>}
      active={state[`h${level}`]}
      onClick={() => chain().toggleHeading({ level }).run()}
    />
  );

  const insertImage = (image: LibraryImage, alt: string) => {
    setPickerOpen(false);
    chain().setImage({ src: image.url, alt, width: image.width, height: image.height }).run();
  };

  return (
    <>
      <div className="rich-editor-toolbar" role="toolbar" aria-label={f('console.editor.toolbar')}>
        <ToolButton label={f('console.editor.undo')} icon={<UndoOutlined />} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
        <ToolButton label={f('console.editor.redo')} icon={<RedoOutlined />} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
        <Divider orientation="vertical" />
        {heading(2)}
        {heading(3)}
        {heading(4)}
        <Divider orientation="vertical" />
        <ToolButton label={f('console.editor.bold')} icon={<BoldOutlined />} active={state.bold} onClick={() => chain().toggleBold().run()} />
        <ToolButton label={f('console.editor.italic')} icon={<ItalicOutlined />} active={state.italic} onClick={() => chain().toggleItalic().run()} />
        <Divider orientation="vertical" />
        <ToolButton
          label={f('console.editor.bulletList')}
          icon={<UnorderedListOutlined />}
          active={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          label={f('console.editor.orderedList')}
          icon={<OrderedListOutlined />}
          active={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton label={f('console.editor.quote')} icon={<QuoteIcon />} active={state.quote} onClick={() => chain().toggleBlockquote().run()} />
        <Divider orientation="vertical" />
        <ToolButton label={f('console.editor.link')} icon={<LinkOutlined />} active={state.link} onClick={() => setLinkOpen(true)} />
        <ToolButton label={f('console.editor.image')} icon={<PictureOutlined />} onClick={() => setPickerOpen(true)} />
      </div>
      <LinkDialog
        open={linkOpen}
        href={state.href}
        onClose={() => setLinkOpen(false)}
        onApply={(href) => {
          setLinkOpen(false);
          if (!href) chain().extendMarkRange('link').unsetLink().run();
          // Nothing selected: the address itself becomes the linked text.
          else if (editor.state.selection.empty && !editor.isActive('link'))
            chain()
              .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
              .run();
          else chain().extendMarkRange('link').setLink({ href }).run();
        }}
      />
      <MediaLibraryPicker open={pickerOpen} onClose={() => setPickerOpen(false)} onPick={insertImage} />
    </>
  );
}
