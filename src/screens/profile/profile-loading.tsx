import { Skeleton } from "../../components/ui/skeleton.tsx"

/** The profile's shape while it loads: avatar, counts, bio lines, highlights and the grid. */
export function ProfileLoading() {
  return (
    <section
      aria-busy="true"
      aria-labelledby="profile-loading-title"
      className="flex flex-col gap-4"
    >
      <h2 id="profile-loading-title" className="sr-only">
        Carregando perfil
      </h2>
      <div className="-mt-11 flex items-end gap-4 px-4">
        <Skeleton shape="circle" className="size-24 ring-4 ring-surface" />
        <div className="mb-1 flex flex-1 justify-around">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} shape="text" className="w-12" />
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-2 px-4">
        <Skeleton shape="text" className="w-1/3" />
        <Skeleton shape="text" className="w-5/6" />
        <Skeleton shape="text" className="w-2/3" />
      </div>
      <div className="flex gap-4 px-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} shape="circle" className="size-16" />
        ))}
      </div>
      <div className="grid grid-cols-3 gap-0.5">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-[4/5] rounded-none" />
        ))}
      </div>
    </section>
  )
}
