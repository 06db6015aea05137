/**
 * The convention for a status machine (issue 28): its states and the moves allowed between them are
 * declared once, here in the contract, for the server (which writes a move as a conditional update
 * that answers 409 when the current state is not the expected one) and the screens (which offer only
 * the allowed moves).
 */
export type StatusMachine<S extends string> = {
  states: readonly S[];
  /** The states each state may move to. */
  moves: Readonly<Record<S, readonly S[]>>;
  canMove(from: S, to: S): boolean;
  isState(value: string): value is S;
};

export function statusMachine<const S extends string>(states: readonly S[], moves: Readonly<Record<S, readonly S[]>>): StatusMachine<S> {
  return {
    states,
    moves,
    canMove: (from, to) => moves[from]?.includes(to) ?? false,
    isState: (value): value is S => (states as readonly string[]).includes(value),
  };
}
