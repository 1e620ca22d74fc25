// The writer's app (publications, lists, editor) lands with its own issue; until then the
// window says plainly what exists, rather than pretending.
export function App() {
  return (
    <main>
      <h1>Quire</h1>
      <p>
        The editor is being built. The reference publishing server is ready: run{' '}
        <code>npm run server -- start</code>.
      </p>
    </main>
  );
}
