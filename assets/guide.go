package assets

import (
	"embed"
	"fmt"
)

//go:embed guide/guide.md guide/*.png
var guide embed.FS

// Guide returns the built-in user guide, in Markdown. Its pictures are
// named by their file names alone; GuideImage returns them.
func Guide() string {
	b, err := guide.ReadFile("guide/guide.md")
	if err != nil {
		panic(err) // embedded: present in every build
	}
	return string(b)
}

// GuideImage returns the PNG picture of the user guide named name.
func GuideImage(name string) ([]byte, error) {
	b, err := guide.ReadFile("guide/" + name)
	if err != nil {
		return nil, fmt.Errorf("the guide has no picture %q", name)
	}
	return b, nil
}
