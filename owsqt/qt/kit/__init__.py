"""The desktop's kit: what the table's features share and none of them owns. The base of a
panel's pages and the widgets they are built of (`page`), the words of a solution, a refusal
and its rules (`text`), a bombardment's hidden target drawn at random (`drawn`, 18.1), and
what is drawn over the map: shaded hexes, those that take a click (`shading`) and a path
through hex centres (`pathitem`)."""
