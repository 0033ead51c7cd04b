/** A form-level error, announced when it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  return (
    <div role="alert" className="empty:hidden rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
      {message}
    </div>
  );
}
