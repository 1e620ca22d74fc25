import Image from '@tiptap/extension-image';
import { Selection } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';

/**
 * Everything the visual editor can represent: StarterKit 3 (with Link and Underline) and images;
 * and the selection kept visible while the editor has no focus.
 */
export const editorExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    // An empty paragraph at the end of every published post is clutter, not content.
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['http', 'https', 'mailto'],
      // Links stay as the writer wrote them: no rel or target added to published posts.
      HTMLAttributes: { rel: null, target: null },
    },
  }),
  Image.configure({ inline: true, allowBase64: false }),
  // The selected words stay marked while the link form (or any field) has the focus.
  Selection.configure({ className: 'kept-selection' }),
];
