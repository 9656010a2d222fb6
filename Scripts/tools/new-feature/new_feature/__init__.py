"""Scripts/new-feature: scaffolds Packages/<Name>Feature from the templates in template/."""
