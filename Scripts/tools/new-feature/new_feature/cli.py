"""Command line of Scripts/new-feature: validate NAME, generate the package, print the next steps."""

import sys
from pathlib import Path

from .generate import planned_files, write_package
from .names import FeatureNameError, feature_names

EX_USAGE = 64
REPO = Path(__file__).resolve().parents[4]
USAGE = "usage: Scripts/new-feature NAME   (for example: Scripts/new-feature Places → Packages/PlacesFeature)"


def main(argv=None, root=REPO):
    argv = sys.argv[1:] if argv is None else argv
    if argv in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if len(argv) != 1:
        return _refuse(f"expected one NAME, got {len(argv)} arguments")
    try:
        names = feature_names(argv[0])
    except FeatureNameError as error:
        return _refuse(str(error))
    packages = Path(root) / "Packages"
    destination = packages / names.package
    if destination.exists():
        return _refuse(f"Packages/{names.package} already exists: pick another name or remove it first")
    if not (packages / "HTTPClient" / "Package.swift").is_file():
        return _refuse(f"no Packages/HTTPClient under {root}: run this script from the repository")
    if names.note:
        print(f"new-feature: {names.note}")
    write_package(destination, planned_files(names.tokens()))
    print(next_steps(names))
    return 0


def _refuse(message):
    print(f"new-feature: {message}\n{USAGE}", file=sys.stderr)
    return EX_USAGE


def next_steps(names):
    name, package = names.name, names.package
    return f"""Created Packages/{package}: libraries {package} (models, presentation) and {package}API (endpoint,
mapper; depends on ../HTTPClient only), executable {name}Preview, tests, README and DocC catalogs.

Next steps:
  1. Try it:   swift test --package-path Packages/{package}
               swift run --package-path Packages/{package} {name}Preview
  2. Replace the sample model, endpoint ({name}API) and mapping ({name}Mapper) with the real ones.
  3. Wire it in App/. In the root Package.swift add
         .package(path: "Packages/{package}"),
     and to the NetworkingComposition target's dependencies
         .product(name: "{package}", package: "{package}"),
         .product(name: "{package}API", package: "{package}"),
     then add App/Sources/NetworkingComposition/Features/{package}Composer.swift, which builds the
     closure from a client chain (HTTPClientFactory) + endpoint + mapper:
         let load{name}: {name}ViewModel.Load{name} = {{
             let (data, response) = try await client.load(request: {name}API.list)
             return try {name}Mapper.map(data: data, response: response)
         }}
  Scripts/test and Scripts/check-dependencies pick the new package up by themselves."""
