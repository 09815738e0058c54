import { adMessages, isAllowedUrl } from '@adboard/shared';
import { sayNow } from '../../i18n/say';
import { Link } from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import './rich-text-editor.css';
import { appScreensText, authScreensText } from '../../i18n/areas';
import { useText } from '../../i18n/language-context';

export interface RichTextEditorProps {
  /** The accessible name of the editable area. */
  label: string;
  /** The HTML the editor starts with; later changes come from the editor itself. */
  initialHtml: string;
  /** The HTML and the length of its plain text. */
  onChange: (html: string, textLength: number) => void;
  /** Focus left the editor and its toolbar. */
  onBlur: (html: string) => void;
  onFocus?: () => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}

function editableAttributes(label: string, invalid: boolean, describedBy: string | undefined) {
  return {
    'aria-label': label,
    role: 'textbox',
    'aria-multiline': 'true',
    class: 'editor__content',
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
}

/**
 * The description editor (TipTap): bold, italic, bullet and numbered lists, and
 * links. Its output is HTML; the server sanitises it before storing it. This module
 * is loaded only when the ad form opens.
 */
export default function RichTextEditor({
  label,
  initialHtml,
  onChange,
  onBlur,
  onFocus,
  invalid = false,
  describedBy,
}: RichTextEditorProps) {
  // The editor keeps the callbacks it was created with: read the current ones from refs.
  const callbacks = useRef({ onChange, onBlur, onFocus });
  useEffect(() => {
    callbacks.current = { onChange, onBlur, onFocus };
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
        // No empty paragraph appended after a list: the stored HTML stays as typed.
        trailingNode: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
        isAllowedUri: (url, context) => context.defaultValidate(url) && isAllowedUrl(url),
      }),
    ],
    content: initialHtml,
    editorProps: { attributes: editableAttributes(label, invalid, describedBy) },
    onUpdate: ({ editor: current }) =>
      callbacks.current.onChange(current.getHTML(), current.getText().length),
  });

  useEffect(() => {
    editor.setOptions({
      editorProps: { attributes: editableAttributes(label, invalid, describedBy) },
    });
  }, [editor, label, invalid, describedBy]);

  return (
    <div
      className={invalid ? 'editor editor--invalid' : 'editor'}
      onFocus={(event) => {
        if (!(
          event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)
        )) {
          callbacks.current.onFocus?.();
        }
      }}
      onBlur={(event) => {
        // Moving between the text and the toolbar is not leaving the field.
        if (
          event.relatedTarget instanceof Node &&
          event.currentTarget.contains(event.relatedTarget)
        ) {
          return;
        }
        callbacks.current.onBlur(editor.getHTML());
      }}
    >
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

/** Three dots, each before a line. */
function BulletListIcon() {
  return (
    <svg className="editor__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <g fill="currentColor">
        <circle cx="3.5" cy="5" r="1.5" />
        <circle cx="3.5" cy="10" r="1.5" />
        <circle cx="3.5" cy="15" r="1.5" />
      </g>
      <path d="M8 5h10M8 10h10M8 15h10" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** The figures 1, 2 and 3, each before a line. */
function NumberedListIcon() {
  return (
    <svg className="editor__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <g
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M2.6 3.4 3.8 2.6v4.2" />
        <path d="M2.5 8.6c.4-.7 2.3-.7 2.3.5 0 .9-2.3 1.7-2.3 2.7h2.4" />
        <path d="M2.6 13.4h2.2l-1.2 1.4c.9 0 1.4.4 1.4 1s-.6 1.1-1.3 1.1c-.5 0-.9-.2-1.1-.5" />
        <path d="M8 5h10M8 10h10M8 15h10" strokeWidth="1.6" strokeLinecap="butt" />
      </g>
    </svg>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const screenText = useText(appScreensText);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const [linking, setLinking] = useState(false);

  const toggle = (command: 'bold' | 'italic' | 'bulletList' | 'orderedList') => {
    const chain = editor.chain().focus();
    if (command === 'bold') chain.toggleBold().run();
    else if (command === 'italic') chain.toggleItalic().run();
    else if (command === 'bulletList') chain.toggleBulletList().run();
    else chain.toggleOrderedList().run();
  };

  const buttons = [
    { command: 'bold', label: screenText.editor.bold, icon: 'B', active: state.bold },
    { command: 'italic', label: screenText.editor.italic, icon: 'I', active: state.italic },
    {
      command: 'bulletList',
      label: screenText.editor.bulletList,
      icon: <BulletListIcon />,
      active: state.bulletList,
    },
    // Drawn, not a glyph: '⒈' is missing from most fonts (an empty box), and the text
    // '1.' would have to be part of the name (WCAG 2.5.3).
    {
      command: 'orderedList',
      label: screenText.editor.numberedList,
      icon: <NumberedListIcon />,
      active: state.orderedList,
    },
  ] as const;

  return (
    <div className="editor__toolbar" role="toolbar" aria-label={screenText.editor.toolbar}>
      {buttons.map((button) => (
        <button
          key={button.command}
          type="button"
          className={`editor__tool editor__tool--${button.command}`}
          aria-label={button.label}
          // The tooltip of a button that shows only a symbol.
          title={button.label}
          aria-pressed={button.active}
          onClick={() => toggle(button.command)}
        >
          <span aria-hidden="true">{button.icon}</span>
        </button>
      ))}
      {state.link ? (
        <button
          type="button"
          className="editor__tool editor__tool--wide"
          onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}
        >
          {screenText.editor.removeLink}
        </button>
      ) : (
        <button
          type="button"
          className="editor__tool editor__tool--wide"
          aria-expanded={linking}
          onClick={() => setLinking((open) => !open)}
        >
          {screenText.editor.link}
        </button>
      )}
      {linking && (
        <LinkForm
          onCancel={() => {
            setLinking(false);
            editor.commands.focus();
          }}
          onApply={(href) => {
            setLinking(false);
            const chain = editor.chain().focus();
            if (editor.state.selection.empty) {
              chain
                .insertContent({
                  type: 'text',
                  text: href,
                  marks: [{ type: 'link', attrs: { href } }],
                })
                .run();
            } else {
              chain.extendMarkRange('link').setLink({ href }).run();
            }
          }}
        />
      )}
    </div>
  );
}

function LinkForm({
  onApply,
  onCancel,
}: {
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const screenText = useText(appScreensText);
  const authText = useText(authScreensText);
  const id = useId();
  const [href, setHref] = useState('https://');
  const [problem, setProblem] = useState<string | null>(null);

  // A nested <form> is not allowed inside the ad form: handle Enter by hand.
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const value = href.trim();
    if (value === '' || value === 'https://' || !isAllowedUrl(value)) {
      setProblem(sayNow(adMessages.form.url));
      return;
    }
    onApply(value);
  };

  return (
    <div className="editor__link">
      <label className="field__label" htmlFor={id}>
        {screenText.editor.linkAddress}
      </label>
      <input
        id={id}
        type="url"
        className="field__input"
        value={href}
        autoFocus
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      {problem && (
        <p className="field__error" id={`${id}-error`}>
          {problem}
        </p>
      )}
      <div className="editor__link-actions">
        <button type="button" className="button button--secondary" onClick={() => apply()}>
          {screenText.editor.addLink}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {authText.common.cancel}
        </button>
      </div>
    </div>
  );
}
