import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';

/**
 * Puts the caret in a paragraph after the block just inserted (image, video). Left alone, the new node
 * stays selected (a NodeSelection) and the next keystroke replaces it (issue 10).
 */
export function caretAfterInsertedBlock(editor: Editor): void {
  editor
    .chain()
    .command(({ tr, dispatch }) => {
      const sel = tr.selection;
      // After a block insert the selection is either the node itself or the position right after it.
      const after = sel instanceof NodeSelection ? sel.to : sel.from;
      const $after = tr.doc.resolve(after);
      if (!dispatch) return true;
      if ($after.nodeAfter?.isTextblock) {
        tr.setSelection(TextSelection.create(tr.doc, after + 1));
      } else if (sel instanceof NodeSelection || !$after.parent.isTextblock) {
        const paragraph = tr.doc.type.schema.nodes.paragraph?.create();
        if (!paragraph) return true;
        tr.insert(after, paragraph);
        tr.setSelection(TextSelection.create(tr.doc, after + 1));
      }
      tr.scrollIntoView();
      return true;
    })
    .focus()
    .run();
}
